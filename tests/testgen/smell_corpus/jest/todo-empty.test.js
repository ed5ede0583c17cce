// smells: empty_test
const { TodoList } = require('./todo-list');

describe('TodoList', () => {
  it('reorders items', () => {});

  it('filters by tag', () => {
    // to do once tags exist
  });

  it('counts items', () => {
    expect(new TodoList().count()).toBe(0);
  });
});

// smells: none
const { TodoList } = require('./todo-list');

describe('TodoList', () => {
  let list;

  beforeEach(() => {
    list = new TodoList();
  });

  test('new items start open', () => {
    list.add('buy milk');
    expect(list.open()).toEqual(['buy milk']);
  });

  test('completing an item moves it to done', () => {
    const id = list.add('write report');
    list.complete(id);
    expect(list.open()).toEqual([]);
    expect(list.done()).toEqual(['write report']);
  });

  test('completing an unknown id is an error', () => {
    expect(() => list.complete(99)).toThrow(/unknown item 99/);
  });
});

// smells: no_assertion
const { TodoList } = require('./todo-list');

test('remove returns the item', () => {
  const list = new TodoList();
  const id = list.add('a');
  expect(list.remove(id));
});

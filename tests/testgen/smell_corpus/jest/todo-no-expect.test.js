// smells: no_assertion
const { TodoList } = require('./todo-list');

test('adding many items works', () => {
  const list = new TodoList();
  for (let i = 0; i < 100; i++) list.add(`item ${i}`);
  console.log(list.count());
});

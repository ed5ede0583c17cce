// smells: none
import reducer, { addTodo, toggleTodo } from './todos-slice';

test('adding a todo appends it, not done', () => {
  expect(reducer([], addTodo('walk'))).toEqual([{ text: 'walk', done: false }]);
});

test('toggling flips done and leaves the rest', () => {
  const state = [{ text: 'a', done: false }, { text: 'b', done: false }];
  expect(reducer(state, toggleTodo(1))).toEqual([
    { text: 'a', done: false },
    { text: 'b', done: true },
  ]);
});

test('the reducer never mutates its input', () => {
  const state = Object.freeze([]);
  expect(() => reducer(state, addTodo('x'))).not.toThrow();
});

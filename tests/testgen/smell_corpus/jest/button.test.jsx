// smells: none
import { render, screen, fireEvent } from '@testing-library/react';
import Counter from './Counter';

test('clicking the button counts up', () => {
  render(<Counter start={2} />);
  fireEvent.click(screen.getByRole('button', { name: 'add' }));
  expect(screen.getByText('3')).toBeInTheDocument();
});

test('the count never goes below zero', () => {
  render(<Counter start={0} />);
  fireEvent.click(screen.getByRole('button', { name: 'remove' }));
  expect(screen.getByText('0')).toBeInTheDocument();
});

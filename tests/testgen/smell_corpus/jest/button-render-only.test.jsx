// smells: no_assertion
import { render } from '@testing-library/react';
import Modal from './Modal';

test('renders', () => {
  render(<Modal open title="Delete?" onClose={() => {}} />);
});

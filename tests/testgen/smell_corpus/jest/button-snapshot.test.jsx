// smells: none
import renderer from 'react-test-renderer';
import Badge from './Badge';

test('badge markup', () => {
  const tree = renderer.create(<Badge tone="warning">3 late</Badge>).toJSON();
  expect(tree).toMatchSnapshot();
});

jest.mock('./r6_httpClient');

const httpClient = require('./r6_httpClient');
const { getUserName, UserNotFound } = require('./r6_userService');

describe('getUserName', () => {
  test('resolves to the full name', () => {
    httpClient.get.mockResolvedValue({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(getUserName(7)).resolves.toBe('Ada Lovelace');
  });

  test('maps 404 to UserNotFound', () => {
    httpClient.get.mockRejectedValue({ status: 404 });
    expect(getUserName(404)).rejects.toBeInstanceOf(UserNotFound);
  });

  test('passes the id in the url', () => {
    httpClient.get.mockResolvedValue({ firstName: 'X' });
    getUserName(3).then(() => {
      expect(httpClient.get).toHaveBeenCalledWith(expect.stringContaining('/users/3'));
    });
  });
});

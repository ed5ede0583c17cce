// smells: none
const request = require('supertest');
const app = require('./app');

test('health answers 200', async () => {
  await request(app).get('/health').expect(200);
});

test('unknown routes answer 404 with JSON', async () => {
  await request(app)
    .get('/nope')
    .expect('Content-Type', /json/)
    .expect(404);
});

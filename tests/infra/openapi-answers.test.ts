// The hook that holds every /api answer of the integration suite to the OpenAPI document (tests/support/openapi-answers.ts)
// does refuse what the document does not describe, saying what differs.
import { describe, expect, it } from 'vitest';
import { checkApiAnswer } from '../support/openapi-answers';

const json = new Headers({ 'content-type': 'application/json' });
const profile = {
  username: 'ann',
  first_name: null,
  last_name: null,
  email: 'ann@example.com',
  dob: '1950-01-01T00:00:00.000',
  age: 76,
  image: null,
  is_private: false,
};

describe('checkApiAnswer', () => {
  it('passes an answer the document describes, in any case and with a trailing slash', () => {
    checkApiAnswer('GET', '/api/users/profile', 200, json, { message: 'Successfully fetched user profile information', data: profile });
    checkApiAnswer('GET', '/API/Users/Profile/', 401, json, {
      message: 'Access denied, no token provided.',
      error: 'Access denied, no token provided.',
    });
    checkApiAnswer('POST', '/api/auth/logout', 200, json, 'User has been logged out.');
    checkApiAnswer('GET', '/health', 200, json, 'anything: not /api');
  });

  it('refuses a status the document does not list for the route', () => {
    expect(() => checkApiAnswer('GET', '/api/users/profile', 409, json, { message: 'x', error: 'x' })).toThrow(
      /GET \/api\/users\/profile answered 409, a status the OpenAPI document does not list/,
    );
  });

  it('refuses a body that does not match, naming the field', () => {
    expect(() => checkApiAnswer('GET', '/api/users/profile', 200, json, { message: 'ok', data: { ...profile, age: 'old' } })).toThrow(
      /does not match the OpenAPI document.*\/data\/age must be integer/,
    );
    expect(() => checkApiAnswer('POST', '/api/stories/save', 400, json, { message: 'Bad' })).toThrow(/must have required property 'error'/);
  });

  it('refuses a route the document does not have, unless it is the catch-all’s 404 error body', () => {
    checkApiAnswer('GET', '/api/nothing/here', 404, json, { message: 'Cannot GET', error: 'Cannot GET' });
    expect(() => checkApiAnswer('GET', '/api/nothing/here', 200, json, {})).toThrow(/has no GET \/api\/nothing\/here/);
  });

  it('refuses the wrong content type', () => {
    expect(() => checkApiAnswer('GET', '/api/docs', 200, json, {})).toThrow(/where the document says text\/html/);
  });
});

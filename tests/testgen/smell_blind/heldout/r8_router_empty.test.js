const { expect } = require('chai');
const { Router } = require('./r8_router');

describe('Router.match', function () {
  let router;

  beforeEach(function () {
    router = new Router().on('GET', '/orgs/:org/repos/:repo', () => null);
  });

  it('matches nested params', function () {
    const { params } = router.match('GET', '/orgs/acme/repos/site');
    expect(params).to.deep.equal({ org: 'acme', repo: 'site' });
  });

  it('tolerates a trailing slash', function () {
    expect(router.match('GET', '/orgs/acme/repos/site/').params.repo).to.equal('site');
  });

  it('escapes regex characters in static segments', function () {
    // covered by compile(); to be written
  });

  it('returns 404 for partial paths', function () {
    expect(router.match('GET', '/orgs/acme')).to.deep.equal({ status: 404 });
  });
});

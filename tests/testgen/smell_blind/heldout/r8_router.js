'use strict';

class RouteError extends Error {}

function compile(pattern) {
  if (!pattern.startsWith('/')) throw new RouteError(`pattern must start with "/": ${pattern}`);
  const names = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      if (part === '*') {
        names.push('wildcard');
        return '(.*)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

class Router {
  constructor() {
    this.routes = [];
  }

  on(method, pattern, handler) {
    const { regex, names } = compile(pattern);
    this.routes.push({ method: method.toUpperCase(), pattern, regex, names, handler });
    return this;
  }

  match(method, path) {
    const clean = path.split('?')[0];
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.regex.exec(clean);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method.toUpperCase()) continue;
      const params = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1]);
      });
      return { route, params };
    }
    return pathMatched ? { status: 405 } : { status: 404 };
  }

  dispatch(req) {
    const found = this.match(req.method, req.url);
    if (!found.route) return { status: found.status, body: found.status === 404 ? 'Not Found' : 'Method Not Allowed' };
    return found.route.handler({ ...req, params: found.params });
  }
}

module.exports = { Router, RouteError, compile };

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';

/**
 * A C0 control character or DEL in the address, sent as it is or percent-encoded (`%00`, `%0A`, `%7F`).
 * Nothing the service serves has one in a name or takes one in a query, and PostgreSQL refuses NUL in
 * text: a parameter carrying it reached SQL and came back as a 500 with a stack in the log (issue 34).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern exists to catch
const CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

/**
 * Refuses, with 400 CFG_ERR_CONTROL_CHARACTER, a request to any route whose path or query string holds
 * a control character, before the route's own hooks: once for every route, present or added later,
 * rather than a format on each parameter of each schema, which a new route could forget. An address no
 * route matches is left to the not-found handler, which reads nothing from it: a screen address gets the
 * web app's page, whose router says "Not found" and whose sign-in guard judges a hostile redirect.
 */
async function controlCharactersPlugin(app: FastifyInstance) {
  // Runs on every request: a callback hook, as an async one costs a promise each time.
  // request.url is the target as sent, so an encoded character is seen before any decoding.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 || !CONTROL_CHARACTER.test(request.url)) return done();
    done(new PlatformError('CFG_ERR_CONTROL_CHARACTER', 'the path or the query string holds a control character (such as %00); none is allowed'));
  });
}

export default fp(controlCharactersPlugin, { name: 'controlCharacters' });

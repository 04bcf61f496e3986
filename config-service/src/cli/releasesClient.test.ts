// What npm run modules:publish and manifests:publish print when the answer is not the service's
// problem document: a proxy's or gateway's page says its status and its gist in a line, never its markup.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, ServiceAnswerError } from './releasesClient.ts';

/** nginx's own 413 page, byte for byte as nginx 1.22 sends it. */
const NGINX_413 =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const answers: Record<string, { status: number; type?: string; body: string }> = {
  '/nginx-413': { status: 413, type: 'text/html', body: NGINX_413 },
  '/plain-502': {
    status: 502,
    type: 'text/plain',
    body: `upstream connect error or disconnect/reset before headers. ${'reset reason: connection failure '.repeat(10)}`,
  },
  '/gateway-json': { status: 429, type: 'application/json', body: '{"message":"Too Many Requests"}' },
  '/problem': {
    status: 413,
    type: 'application/problem+json',
    body: '{"title":"Payload Too Large","status":413,"detail":"the proxy takes module bundle uploads up to 11 MB","code":"CFG_ERR_PAYLOAD_TOO_LARGE"}',
  },
  '/empty-503': { status: 503, body: '' },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const answer = answers[req.url ?? '']!;
    res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The error a PUT of a small bundle to `path` ends in. */
async function refusal(path: string): Promise<ServiceAnswerError> {
  const error = await request(`${base}${path}`, 'uploading the lcc bundle 1.4.2', { method: 'PUT', body: Buffer.alloc(64) }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceAnswerError);
  return error as ServiceAnswerError;
}

describe('answers that are not the service’s problem', () => {
  it("says a proxy's HTML page by its status and title, without its markup", async () => {
    const error = await refusal('/nginx-413');
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      "uploading the lcc bundle 1.4.2: 413 Request Entity Too Large (text/html, not the service's problem: from a proxy or gateway in front of it?)",
    );
  });

  it('cuts a long plain text to a line, and names an empty answer by its status text', async () => {
    const plain = await refusal('/plain-502');
    expect(plain.message).toMatch(/^uploading the lcc bundle 1\.4\.2: 502 upstream connect error .{20,}… \(text\/plain, not the service's problem/);
    expect(plain.message.length).toBeLessThan(250);
    expect((await refusal('/empty-503')).message).toMatch(/: 503 Service Unavailable \(no content type, not the service's problem/);
  });

  it("takes a gateway's JSON message as the detail, and the service's problem as it is", async () => {
    expect((await refusal('/gateway-json')).message).toBe('uploading the lcc bundle 1.4.2: 429 Too Many Requests');
    expect((await refusal('/problem')).message).toBe(
      'uploading the lcc bundle 1.4.2: 413 the proxy takes module bundle uploads up to 11 MB (CFG_ERR_PAYLOAD_TOO_LARGE)',
    );
  });
});

/** The machine's ceiling: a bare node:http server answering a fixed JSON body, in its own process. */
import http from 'node:http';

const body = JSON.stringify({ id: 1, username: 'techo', email: 'techo@bench.local', permissions: ['texto'] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});

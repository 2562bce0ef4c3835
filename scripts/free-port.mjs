// A port free on 127.0.0.1, for the scripts and tests that start servers of their own.
import net from 'node:net';

/** A port free on 127.0.0.1 at the moment of asking. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

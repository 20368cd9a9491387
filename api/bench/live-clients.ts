/**
 * The live bench's idle clients, in a process of their own (live.ts forks it), so that their sockets and
 * pongs never count as the api's: `perListener` connections per token (tabs), each with one player
 * subscription, over the raw graphql-transport-ws protocol. It says `ready` once every subscription has its
 * first player, and closes everything when the parent disconnects.
 */
import WebSocket from 'ws';

export interface LiveClientsJob {
  url: string;
  tokens: string[];
  perListener: number;
}

function open(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string };
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: { query: 'subscription { player { devices { id } } }' },
          }),
        );
      } else if (message.type === 'next') {
        resolve(socket);
      } else if (message.type === 'error') {
        reject(new Error(data.toString('utf8')));
      }
    });
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    });
  });
}

process.once('message', (job: LiveClientsJob) => {
  void (async () => {
    const sockets: WebSocket[] = [];
    // A few at a time, as tabs open: the api's first reads of each listener are not all in one instant.
    for (const token of job.tokens) {
      sockets.push(...(await Promise.all(Array.from({ length: job.perListener }, () => open(job.url, token)))));
    }
    process.send?.({ ready: sockets.length });
    process.once('disconnect', () => {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

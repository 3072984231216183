import { createServer, type Server, Socket } from "node:net";

/**
 * A line to the server that an outage can cut (issue 31): the box's test
 * and the hour-long soak (`e2e/soak`) put it between a box and the server.
 */

/** A TCP proxy in front of the server that can be cut (every connection reset, new ones refused) and given back. */
export async function outageProxy(target: string) {
  const targetPort = Number(new URL(target).port);
  const open = new Set<Socket>();
  let listener: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      const proxy = createServer((inbound) => {
        const outbound = new Socket();
        outbound.connect(targetPort, "127.0.0.1");
        for (const socket of [inbound, outbound]) {
          open.add(socket);
          socket.on("error", () => undefined);
          socket.on("close", () => {
            open.delete(socket);
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      listener = proxy;
      proxy.listen(port, "127.0.0.1", () => {
        const address = proxy.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    async cut() {
      const closing = listener;
      listener = null;
      for (const socket of open) socket.resetAndDestroy();
      await new Promise((resolve) => closing?.close(resolve));
    },
    async restore() {
      await listen(port);
    },
    async close() {
      await this.cut();
    },
  };
}

// A server in a process of its own, for the multi-process suite (server/scale-out.test.ts): the
// options come as JSON in MEMBER_PWA_TEST_OPTIONS, the URL goes back to the parent over IPC.
import { startServer, type ServerOptions } from '../app';

const options = JSON.parse(process.env.MEMBER_PWA_TEST_OPTIONS ?? '{}') as ServerOptions;
const running = await startServer(options);
process.send?.({ url: running.url });
process.on('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});

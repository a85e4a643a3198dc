// `duellab mock-server --port 8100`: the demo models as a standalone OpenAI-compatible server, so
// any slot (provider "custom", baseUrl http://127.0.0.1:8100/v1) or any other tool can use them.
import { startDemoServer } from "../demo/server";
import { DEMO_MODELS } from "../demo/personas";
import { mistake, type Options, walkArgs } from "./args";

const USAGE =
  "usage: duellab mock-server [--port 8100] [--host 127.0.0.1] [--latency-ms 0]\n" +
  "Serves the demo models as an OpenAI-compatible API until Ctrl-C; --latency-ms delays every answer.";

const OPTIONS: Options = { port: { type: "string" }, host: { type: "string" }, "latency-ms": { type: "string" } };

export async function mockServerCommand(args: string[]): Promise<number> {
  const given: Record<string, string> = {};
  const walk = walkArgs(args, OPTIONS, ({ name, value = "" }) => {
    given[name] = value;
  });
  if (walk.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (walk.error) {
    process.stderr.write(`${mistake("mock-server", walk.error)}\n`);
    return 2;
  }
  const portText = given.port ?? "8100";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`duellab mock-server: --port must be a whole number from 0 to 65535, got "${portText}".\n`);
    return 2;
  }
  const latencyText = given["latency-ms"];
  const latencyMs = latencyText === undefined ? undefined : Number(latencyText);
  if (latencyMs !== undefined && !(latencyMs >= 0)) {
    process.stderr.write(`duellab mock-server: --latency-ms must be a number of milliseconds, got "${latencyText}".\n`);
    return 2;
  }
  const host = given.host ?? "127.0.0.1";
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    server = await startDemoServer({ port, host, latencyMs });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === "EADDRINUSE" ? `port ${port} is already in use — pick another with --port` : (e as Error).message;
    process.stderr.write(`duellab mock-server: could not listen on ${host}:${port}: ${why}.\n`);
    return 1;
  }
  process.stdout.write(`duellab demo models listening on ${server.url}\n`);
  process.stdout.write(`models: ${DEMO_MODELS.join(", ")}\n`);
  process.stdout.write(`use it from a slot: { provider: "custom", baseUrl: "${server.url}", model: "analyst" }  (Ctrl-C stops it)\n`);
  await new Promise<void>((resolve) => {
    const stop = (sig: string) => {
      process.stdout.write(`\nduellab mock-server: ${sig}, stopping.\n`);
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      void server.close().then(resolve);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
  });
  return 0;
}

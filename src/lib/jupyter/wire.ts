// The Jupyter wire format, pure: frames in, message out, and back. Only the four JSON frames are
// signed; binary buffers travel as raw frames after them. tslab's own parser hashes the buffers
// too, which is why widget traffic is parsed here and never handed to it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DELIM = Buffer.from("<IDS|MSG>");

export interface Header {
  msg_id: string;
  msg_type: string;
  session: string;
  username: string;
  date: string;
  version: string;
  [k: string]: unknown;
}

export interface WireMessage {
  identities: Buffer[];
  header: Header;
  parent: Partial<Header>;
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
  buffers: Buffer[];
}

export function sign(key: string, parts: (string | Buffer)[]): string {
  if (!key) return "";
  const h = createHmac("sha256", key);
  for (const p of parts) h.update(p);
  return h.digest("hex");
}

/** Parse a multipart message; the signature must match the four JSON frames or it is refused. */
export function parseFrames(key: string, frames: Buffer[]): WireMessage {
  const at = frames.findIndex((f) => f.equals(DELIM));
  if (at < 0) throw new Error("message missing the <IDS|MSG> delimiter");
  const sig = frames[at + 1]?.toString() ?? "";
  const body = frames.slice(at + 2, at + 6);
  if (body.length < 4) throw new Error(`message has ${body.length} of the 4 JSON frames`);
  const want = sign(key, body);
  if (key && (sig.length !== want.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(want)))) {
    throw new Error("message signature does not match the connection key");
  }
  const json = (b: Buffer) => JSON.parse(b.toString("utf8"));
  return {
    identities: frames.slice(0, at),
    header: json(body[0]!),
    parent: json(body[1]!),
    metadata: json(body[2]!),
    content: json(body[3]!),
    buffers: frames.slice(at + 6),
  };
}

export function newHeader(msgType: string, session: string, username = "kernel"): Header {
  return {
    msg_id: randomBytes(16).toString("hex"),
    msg_type: msgType,
    session,
    username,
    date: new Date().toISOString(),
    version: "5.3",
  };
}

/** Frames ready for a zeromq send: identities, delimiter, signature, 4 JSON frames, raw buffers. */
export function buildFrames(
  key: string,
  m: { identities?: Buffer[]; header: Header; parent: Partial<Header>; metadata?: Record<string, unknown>; content: unknown; buffers?: Uint8Array[] },
): Buffer[] {
  const body = [m.header, m.parent, m.metadata ?? {}, m.content].map((x) => Buffer.from(JSON.stringify(x), "utf8"));
  return [
    ...(m.identities ?? []),
    DELIM,
    Buffer.from(sign(key, body)),
    ...body,
    ...(m.buffers ?? []).map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
  ];
}

// Which duellab widgets are live on this page, by model id, shared by every copy of duellab's
// browser code the page holds (the JupyterLab plugin, its fallback renderer, the AMD module that
// html-manager or VS Code loaded): a fallback display hides itself while the widget it stands in
// for is live, and shows again if that widget goes away. Kept on globalThis under a registered
// symbol because those copies are separate bundles.
type Listener = (live: boolean) => void;

interface Registry {
  counts: Map<string, number>;
  listeners: Map<string, Set<Listener>>;
}

const KEY = Symbol.for("duellab.liveViews");

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  let r = g[KEY];
  if (!r) {
    r = { counts: new Map(), listeners: new Map() };
    g[KEY] = r;
  }
  return r;
}

export function isLive(modelId: string): boolean {
  return (registry().counts.get(modelId) ?? 0) > 0;
}

function notify(modelId: string): void {
  const live = isLive(modelId);
  for (const l of registry().listeners.get(modelId) ?? []) l(live);
}

/** A view of `modelId` is on the page; call the returned function when it is removed. */
export function markLive(modelId: string): () => void {
  const r = registry();
  r.counts.set(modelId, (r.counts.get(modelId) ?? 0) + 1);
  notify(modelId);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (r.counts.get(modelId) ?? 1) - 1;
    if (n > 0) r.counts.set(modelId, n);
    else r.counts.delete(modelId);
    notify(modelId);
  };
}

export function onLiveChange(modelId: string, l: Listener): () => void {
  const r = registry();
  let set = r.listeners.get(modelId);
  if (!set) {
    set = new Set();
    r.listeners.set(modelId, set);
  }
  set.add(l);
  return () => set?.delete(l);
}

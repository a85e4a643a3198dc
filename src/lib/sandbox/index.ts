export { Sandbox, sharedSandbox } from "./sandbox";
export type { SandboxOptions, RunRequest, HostLayers } from "./sandbox";
export type { SandboxStatus } from "./status";

// duellab: compare two language models' work in a notebook.
export { RunTracker } from "./run/stages";
export * from "./schema/common";

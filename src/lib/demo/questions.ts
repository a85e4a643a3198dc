// The example questions the notebooks use. The demo answerers know these (see ./claims.ts); any
// other question gets a short answer that says plainly it came from a demo model.
export const DEMO_QUESTIONS: string[] = [
  "Should a five-person startup build its backend as microservices or as a monolith?",
  "Is it worth adding a remote build cache to a CI pipeline?",
];

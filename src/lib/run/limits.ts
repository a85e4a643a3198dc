// Input limits shared by the runs, defined once. Pure.
//
// The two runs allow questions of different lengths on purpose: a weave's question is the whole
// of its answer prompt, while a graphite question is only one line of a coder prompt that also
// carries the CSV's columns and preview, and every repair sends that prompt again with the failed
// code and its traceback; half the length keeps the data, not the question, the bulk of the prompt.

/** Characters a weave question may have (after trimming). */
export const WEAVE_MAX_QUESTION_CHARS = 8000;
/** Characters a graphite question may have (after trimming). */
export const GRAPHITE_MAX_QUESTION_CHARS = 4000;

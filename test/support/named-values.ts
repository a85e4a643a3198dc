// How a reader takes a number from duellab's static view, as code that runs in the page: every
// list item that starts with a bold name and holds no list of its own is one named value,
// "<b>name</b>: value". Kept as source text (not a compiled function) because it is evaluated in
// Chromium by several front-end tests, where a bundler's helpers would not exist. Pure.

/** A browser-side function expression: (root: ParentNode) => [name, value][], in reading order. */
export const NAMED_VALUES_IN = `((root) => Array.from(root.querySelectorAll("li"))
  .filter((li) => li.firstElementChild !== null && li.firstElementChild.tagName === "B" && li.querySelector("ul, ol") === null)
  .map((li) => {
    const name = li.firstElementChild.textContent;
    return [name.trim(), li.textContent.slice(li.textContent.indexOf(name) + name.length).replace(/^\\s*:\\s*/, "").trim()];
  }))`;

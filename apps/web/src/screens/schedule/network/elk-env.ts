// elkjs's bundle decides where it runs by `document`: without one it takes itself for elk's own worker and
// takes over the worker's messages, leaving nothing to lay out with. The layout worker imports this first,
// so that elkjs exports its layouter there as on a page.
const scope = self as unknown as { document?: unknown };
scope.document ??= {};

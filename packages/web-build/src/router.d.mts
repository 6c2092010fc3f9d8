// The types of router.mjs, which re-exports a part of react-router: react-router's own. The
// shell imports it only whole, to offer it to the remotes (shells/web/src/federation/host.ts);
// router.test.mjs checks that every name a web app imports is in it.
export * from 'react-router';

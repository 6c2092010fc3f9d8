// The async boundary: shared modules (React, the router, the session) are negotiated
// with the remotes before any of them is imported.
import('./bootstrap');

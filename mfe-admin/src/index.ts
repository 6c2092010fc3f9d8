// The async boundary: shared modules are negotiated before the app is imported.
import('./bootstrap');

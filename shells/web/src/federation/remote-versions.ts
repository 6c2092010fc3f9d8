/**
 * The version of each remote as loaded in this tab (its manifest's build version), filled by
 * the remote-loading runtime plugin and read by the footer's "About" panel. Kept to a bare
 * map: it is part of the JavaScript every visit to `/` loads.
 */
export const loadedRemoteVersions = new Map<string, string>();

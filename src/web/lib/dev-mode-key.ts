/**
 * Where developer mode's switch is kept in this browser (lib/dev-mode.ts). Apart from dev-mode.ts so that what
 * every page loads (lib/browser-data.ts, through the session read) does not carry developer mode's code.
 */
export const DEV_MODE_KEY = 'big7_developer_mode';

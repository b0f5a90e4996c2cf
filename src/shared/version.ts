/** The app's version, shown in settings and compared by the app-update check. */
export const APP_VERSION = '2.3.0';

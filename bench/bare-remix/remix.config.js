// The app's own compiler settings (module format, future flags), so the floor is built as the app is.
import app from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default { serverModuleFormat: app.serverModuleFormat, future: app.future };

/** React Router's Vite plugin provides the server build as this module (typed where it is imported). */
declare module "virtual:react-router/server-build";

/** /class/{classId}/surveys: the class's surveys, the same screen as Manage surveys. */
export { action, default, ErrorBoundary, loader, meta } from "./surveys-manage";

/** The page-start script's address (app/vite/page-start-script.ts). */
declare module "virtual:page-start-script" {
  const url: string;
  export default url;
}

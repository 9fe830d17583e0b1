/**
 * The benchmark's reference page (tests/bench/run.ts): a static page of
 * about the size of a real screen, rendered by React Router in the same
 * build, so measured routes are reported as a ratio against it. It exists
 * only when the server was started with BENCH_REFERENCE=true; otherwise 404.
 *
 * `?rows=N` (1-5000, default 24) makes it longer: the bench sizes a second
 * reference to each measured page's byte count (docs/performance.md).
 */
import { notFoundPage } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/bench-reference";

const DEFAULT_ROWS = 24;
const MAX_ROWS = 5000;

const referenceRow = (index: number) => ({
  id: index + 1,
  name: `Reference row ${index + 1}`,
  detail: "A line of static text, about as long as a student's name and a last-seen time.",
});

export function loader({ request }: Route.LoaderArgs) {
  if (process.env.BENCH_REFERENCE !== "true") throw notFoundPage();
  const asked = Number(new URL(request.url).searchParams.get("rows") ?? DEFAULT_ROWS);
  const count = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MAX_ROWS) : DEFAULT_ROWS;
  return { rows: Array.from({ length: count }, (_, index) => referenceRow(index)) };
}

export default function BenchReference({ loaderData }: Route.ComponentProps) {
  return (
    <main style={{ padding: 24 }}>
      <h1>Benchmark reference</h1>
      <p>A static page rendered through the same root layout as every screen.</p>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Name</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name}</td>
              <td>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Benchmark reference · Orliverse Classroom" }];

import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "../route-handle";
import { Visitor } from "../server/visitor.server";

export const handle: RouteHandle = { title: "404 Page Not Found" };

export async function loader({ request }: LoaderFunctionArgs) {
  // Tracking params are kept from any URL (spec section 4), even one that leads nowhere.
  const visitor = await Visitor.open(request);
  return visitor.data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="panel narrow">
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <a className="button button-primary" href="/welcome">
          Go to the start
        </a>
      </p>
    </section>
  );
}

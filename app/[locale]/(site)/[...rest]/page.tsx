import { notFound } from "next/navigation";

// Any path no page claims ends here, so it gets the localised 404 inside the site layout.
export default function CatchAllNotFound() {
  notFound();
}

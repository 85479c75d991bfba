import { NotFoundMessage } from "./not-found-message";

export const metadata = { title: "Not found · Venture Monitor" };

/** A workspace record that does not exist (notFound() in its page): 404, inside the workspace layout. */
export default function WorkspaceNotFound() {
  return <NotFoundMessage />;
}

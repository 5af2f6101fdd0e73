import { NotFound } from '@pentland/ui';

export default function NotFoundPage() {
  return <NotFound />;
}

import { useParams } from 'react-router';
import { TablePage } from './table-page';

/** /durak/{id}: the table; a new id mounts a fresh table. */
export default function Page() {
  const { id = '' } = useParams();
  return <TablePage key={id} roomId={id} />;
}

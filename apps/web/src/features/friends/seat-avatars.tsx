import type { RoomPayload } from '@durak/protocol';
import { Avatar } from '../../ui/avatar';
import './friends-live.css';

/** The lobby card's seats (FEATURES.md §11): who already sits there, then the open seats. */
export function SeatAvatars({ room, label }: { room: RoomPayload; label: string }) {
  const open = Math.max(0, room.player_count - room.seats.length);
  return (
    <span className="room-seats seat-avatars" aria-label={label} data-testid="seat-avatars">
      {room.seats.map((seat) => (
        <span key={seat.position} title={seat.username} data-testid="seat-avatar">
          <Avatar url={seat.avatar} name={seat.username} size={22} />
        </span>
      ))}
      {Array.from({ length: open }, (_, i) => (
        <span key={`open-${i}`} className="seat-open" />
      ))}
      <small>
        {room.seats_taken}/{room.player_count}
      </small>
    </span>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { usePersonalChannel } from '../../net/personal-channel';
import { useChannel } from '../../net/realtime';
import { useUserId } from '../../net/user-query';
import type { TournamentDetail, TournamentPlayer, TournamentRoom } from '@durak/protocol';
import { tournamentApi } from './tournament-api';
import { parseTournamentEvent } from './tournament-events';
import { useChannelStatus } from './use-channel-status';
import { usePagedList } from './use-paged-list';
import { queryKeys } from '../../net/query-keys';

export const PAGE_SIZE = 20;
export const tournamentChannel = (id: number) => `tournament:${id}`;
const playerKey = (p: TournamentPlayer) => p.user_id;
const roomKey = (r: TournamentRoom) => r.id;

/**
 * SPEC §3 tournament state: the tournament with player_info, the players and rooms lists, the
 * prize table and the realtime status, kept live by `tournament:{id}` and the player's channel.
 */
export function useTournament(id: number | null) {
  const client = useQueryClient();
  const userId = useUserId();
  const isValid = id !== null;
  const tid = id ?? 0;
  const detail = useQuery({
    queryKey: queryKeys.tournament.detail(tid),
    queryFn: ({ signal }) => tournamentApi.get(tid, signal),
    enabled: isValid,
  });
  const prizes = useQuery({
    queryKey: queryKeys.tournament.prizes(tid),
    queryFn: ({ signal }) => tournamentApi.prizes(tid, signal),
    enabled: isValid && detail.isSuccess,
  });
  const players = usePagedList(
    queryKeys.tournament.players(tid),
    (page, signal) => tournamentApi.players(tid, page, PAGE_SIZE, signal),
    playerKey,
    isValid && detail.isSuccess,
  );
  // The tables of one round, or of all (null): a big tournament seats dozens a round.
  const [roomsRound, setRoomsRound] = useState<number | null>(null);
  const rooms = usePagedList(
    queryKeys.tournament.rooms(tid, roomsRound),
    (page, signal) => tournamentApi.rooms(tid, page, PAGE_SIZE, signal, roomsRound),
    roomKey,
    isValid && detail.isSuccess,
  );
  // Only a round_started message says the final is seated; the tournament payload does not.
  const [isFinalSeated, setFinalSeated] = useState(false);

  const refreshDetail = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.tournament.detail(tid) });
    void client.invalidateQueries({ queryKey: queryKeys.tournament.prizes(tid) });
  }, [client, tid]);

  const onMessage = useCallback(
    (data: unknown) => {
      const event = parseTournamentEvent(data, tid);
      if (!event) return;
      switch (event.type) {
        case 'tournament_changed':
          // The channel's copy has no player_info: keep the caller's until it is read again.
          client.setQueryData<TournamentDetail>(queryKeys.tournament.detail(tid), (old) =>
            old ? { ...old, ...event.tournament, player_info: old.player_info } : old,
          );
          void client.invalidateQueries({ queryKey: queryKeys.tournament.prizes(tid) });
          // A rebuy brings a player back with only this message (no players_changed): read the list again.
          players.refetchSoon();
          if (event.tournament.status === 'finished' || event.tournament.status === 'cancelled') refreshDetail();
          break;
        case 'players_changed':
          if (event.eliminated.length > 0) players.change({ type: 'patch', keys: event.eliminated, patch: { is_eliminated: true } });
          else players.refetchSoon();
          if (userId !== undefined && event.eliminated.includes(userId)) refreshDetail();
          break;
        case 'round_started':
          setFinalSeated(event.isFinal);
          rooms.change({
            type: 'upsert',
            items: roomsRound === null ? event.rooms : event.rooms.filter((r) => r.round === roomsRound),
            isNewFirst: true,
          });
          players.refetchSoon();
          refreshDetail();
          break;
        case 'tournament_seated':
          // The player's own channel: their next game is ready; the page links into it at once.
          client.setQueryData<TournamentDetail>(queryKeys.tournament.detail(tid), (old) =>
            old ? { ...old, player_info: { ...old.player_info, room_id: event.roomId, bye_round: null } } : old,
          );
          break;
        case 'tournament_bye':
          // The player's own channel: no table for them this round; the page says they go straight on.
          client.setQueryData<TournamentDetail>(queryKeys.tournament.detail(tid), (old) =>
            old ? { ...old, player_info: { ...old.player_info, room_id: null, bye_round: event.round } } : old,
          );
          break;
      }
    },
    [client, tid, userId, players, rooms, roomsRound, refreshDetail],
  );

  const channel = isValid ? tournamentChannel(tid) : null;
  const { status, watch } = useChannelStatus(() => {
    // Back after a drop: read again what the channel may have said meanwhile.
    refreshDetail();
    players.refetchSoon();
    rooms.refetchSoon();
  });
  useChannel(channel, onMessage, watch);
  // Seatings and byes: `onMessage` keeps only those of this tournament (none while the id is not valid).
  usePersonalChannel(onMessage);

  /** After the caller's own action: the answer is the new detail; the lists and prizes follow. */
  const applyDetail = useCallback(
    (next: TournamentDetail) => {
      client.setQueryData(queryKeys.tournament.detail(tid), next);
      void client.invalidateQueries({ queryKey: queryKeys.tournament.prizes(tid) });
      players.refetchSoon();
    },
    [client, tid, players],
  );

  const roomId = detail.data?.player_info.room_id ?? null;
  return { detail, prizes, players, rooms, roomsRound, setRoomsRound, status, isFinalSeated, roomId, applyDetail, refreshDetail };
}

import { useRef, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../net/http';

export const videoApi = {
  view: (videoId: string) => http.post<{ counted: boolean }>('/video/view', { video_id: videoId }).then((r) => r.data),
  count: (videoId: string) => http.get<{ count: number }>('/video/count', { params: { video_id: videoId } }).then((r) => r.data),
};

/**
 * The video view counter (FEATURES.md §3). SPEC names no screen for the video, so this is the
 * piece to place beside one: wrap the player, call `onPlay` from its play event; the server counts
 * one view per user, video and day, and the shown count follows.
 */
export function VideoViews({ videoId, children }: { videoId: string; children: (onPlay: () => void) => ReactNode }) {
  const { t } = useTranslation('player');
  const queryClient = useQueryClient();
  // A ref, not the mutation's state: two play events in one frame must still send one view.
  const isSent = useRef(false);
  const count = useQuery({ queryKey: ['video', videoId, 'count'], queryFn: () => videoApi.count(videoId) });
  const view = useMutation({
    mutationFn: () => videoApi.view(videoId),
    onSuccess: ({ counted }) => {
      if (counted) void queryClient.invalidateQueries({ queryKey: ['video', videoId, 'count'] });
    },
  });
  return (
    <figure className="video-views">
      {children(() => {
        if (isSent.current) return;
        isSent.current = true;
        view.mutate();
      })}
      <figcaption data-testid="video-count">
        {count.isSuccess ? t('video.views', { n: count.data.count }) : count.isError ? t('video.count_failed') : t('video.count_loading')}
      </figcaption>
    </figure>
  );
}

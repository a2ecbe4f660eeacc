import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../common/comments.js';
import { commentKeys, deleteComment, postComment } from './api.js';

/** Posts a comment; once the server has stored it, it joins the paper's list at the top. */
export function usePostComment(paperId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postComment(paperId, text),
    onSuccess(comment) {
      queryClient.setQueryData<Comment[]>(commentKeys.list(paperId), (comments = []) => [comment, ...comments]);
    },
  });
}

/** Deletes a comment; it leaves the list only once the server has confirmed. */
export function useDeleteComment(paperId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess(_answer, id) {
      queryClient.setQueryData<Comment[]>(commentKeys.list(paperId), (comments = []) =>
        comments.filter((comment) => comment.id !== id),
      );
    },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Comment, CommentPage } from '../../../common/comments.js';
import { commentKeys, deleteComment, editComment, postComment, removeCommentAsModerator } from './api.js';

interface RequestState {
  pending: boolean;
  /** The last request's failure, null after a success or a reset. */
  error: unknown;
}

const IDLE: RequestState = { pending: false, error: null };

/**
 * Runs one request at a time and keeps its state. Plain state rather than useMutation: its code would
 * land in the framework chunk every page loads.
 */
function useRequest<Input, Output>(
  send: (input: Input) => Promise<Output>,
  onDone: (output: Output, input: Input) => void,
) {
  const [state, setState] = useState<RequestState>(IDLE);
  const run = useCallback(
    async (input: Input): Promise<Output> => {
      setState({ pending: true, error: null });
      try {
        const output = await send(input);
        onDone(output, input);
        setState(IDLE);
        return output;
      } catch (error) {
        setState({ pending: false, error });
        throw error;
      }
    },
    [send, onDone],
  );
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, run, reset };
}

/**
 * Posts a comment; once the server has stored it, it joins the top of the paper's most recent
 * comments, and the oldest first are loaded again when next shown.
 */
export function usePostComment(paperId: number) {
  const queryClient = useQueryClient();
  const send = useCallback((text: string) => postComment(paperId, text), [paperId]);
  const onDone = useCallback(
    (comment: Comment) => {
      queryClient.setQueryData<CommentPage>(
        commentKeys.pages(paperId, 'newest'),
        (page) => page && { ...page, comments: [comment, ...page.comments], total: page.total + 1 },
      );
      void queryClient.invalidateQueries({ queryKey: commentKeys.pages(paperId, 'oldest') });
    },
    [queryClient, paperId],
  );
  return useRequest(send, onDone);
}

/** Edits one's own comment: once the server has stored it, it changes in place in every list of the paper. */
export function useEditComment(paperId: number) {
  const queryClient = useQueryClient();
  const onDone = useCallback(
    (edited: Comment) =>
      queryClient.setQueriesData<CommentPage>(
        { queryKey: commentKeys.ofPaper(paperId) },
        (page) =>
          page && { ...page, comments: page.comments.map((comment) => (comment.id === edited.id ? edited : comment)) },
      ),
    [queryClient, paperId],
  );
  return useRequest(editComment, onDone);
}

/**
 * Takes a comment out of every list of the paper loaded so far, once the server has confirmed: each
 * counts the comment, whether or not it holds it yet; a removed comment was counted by no one.
 */
function useDropComment(paperId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (dropped: Comment) =>
      queryClient.setQueriesData<CommentPage>(
        { queryKey: commentKeys.ofPaper(paperId) },
        (page) =>
          page && {
            ...page,
            comments: page.comments.filter((comment) => comment.id !== dropped.id),
            total: dropped.removal ? page.total : page.total - 1,
          },
      ),
    [queryClient, paperId],
  );
}

/** Deletes one's own comment; it leaves the paper's comments, in either order, once the server has confirmed. */
export function useDeleteComment(paperId: number) {
  return useRequest(deleteComment, useDropComment(paperId));
}

/** An administrator removes a comment: it leaves their lists as it leaves everyone's but its author's. */
export function useRemoveComment(paperId: number) {
  const drop = useDropComment(paperId);
  // The answer is the comment as its author sees it, marked removed; every other reader counted it.
  const onDone = useCallback((comment: Comment) => drop({ ...comment, removal: undefined }), [drop]);
  return useRequest(removeCommentAsModerator, onDone);
}

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import type { ElementType } from "react";

/** The part of TanStack Query's infinite query that paging needs. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  pages: Pages;
  /** The element it renders as (an `li` inside a list). */
  component?: ElementType;
  mt?: number;
}

/** The "Load more" button under a paged list, shown while there is a next page. */
export const LoadMore = ({ pages, component = "div", mt = 2 }: LoadMoreProps) =>
  pages.hasNextPage ? (
    <Box component={component} sx={{ textAlign: "center", mt }}>
      <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        Load more
      </Button>
    </Box>
  ) : null;

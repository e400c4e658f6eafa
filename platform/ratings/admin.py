# Rating admin arrives with the ratings issue.

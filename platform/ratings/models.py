# Rating models arrive with the ratings issue.

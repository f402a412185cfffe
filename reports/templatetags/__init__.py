"""Template helpers of the reports: ``reports_extras``."""

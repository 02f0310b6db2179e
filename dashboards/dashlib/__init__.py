"""What the dashboard's pages share: data access, hand replay and widgets."""

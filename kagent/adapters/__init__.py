"""kagent as a tool of other agents: typed tool functions, an MCP server, LangChain tools."""

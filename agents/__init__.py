"""kagent.agents"""

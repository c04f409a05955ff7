print("not yet available")
